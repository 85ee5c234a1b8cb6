//! Temporary: the group law by Cantor until the explicit formulae land.
use super::curve::Hec2Curve;
use super::divisor::Divisor;
use crate::binary::field::BinaryFieldOps;
impl<F: BinaryFieldOps> Hec2Curve<F> {
    /// D₁ + D₂.
    pub fn add_vartime(&self, a: &Divisor<F::Elem>, b: &Divisor<F::Elem>) -> Divisor<F::Elem> {
        self.add_cantor(a, b)
    }
    /// 2D.
    pub fn double_vartime(&self, a: &Divisor<F::Elem>) -> Divisor<F::Elem> {
        self.double_cantor(a)
    }
}
