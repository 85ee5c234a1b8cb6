"""Pieces shared by the MULX/ADCX/ADOX kernel generators (gen_mont_adx.py,
gen_rows_adx.py, gen_comba_adx.py): the asm-string emitter and the Montgomery
reduction window. Not run on its own."""


def emit(lines):
    """The assembly lines as the string arguments of an `asm!` block."""
    return "\n".join(f'            "{l}",' for l in lines)


def redc_window(lines, w, n, P=lambda j: f"qword ptr [{{pm}} + {8 * j}]"):
    """Montgomery reduction of the low n words held in the (n+1)-register window `w`
    (its extra word zeroed by the caller): n rows `q = w[0]·m0`, `w += q·p` on the two
    carry chains; the vanished low word becomes the new top word each row. `P(j)` is
    the operand of p's word j, `P(n)` that of m0. Returns the rotated window (result
    words w[0 .. n-1], top word w[n])."""
    for i in range(n):
        lines.append(f"mov rdx, {{{w[0]}}}")
        lines.append(f"imul rdx, {P(n)}")
        lines.append("xor {lo:e}, {lo:e}")
        for j in range(n):
            lines.append(f"mulx {{hi}}, {{lo}}, {P(j)}")
            lines.append(f"adox {{{w[j]}}}, {{lo}}")
            lines.append(f"adcx {{{w[j + 1]}}}, {{hi}}")
        lines.append("mov {lo:e}, 0")
        lines.append(f"adox {{{w[n]}}}, {{lo}}")
        # w[0] is zero now: it becomes the new top word.
        lines.append(f"adcx {{{w[0]}}}, {{lo}}")
        lines.append(f"adox {{{w[0]}}}, {{lo}}")
        w = w[1:] + w[:1]
    return w
