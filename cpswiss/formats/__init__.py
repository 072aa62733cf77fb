"""File formats: TRF16, TRF(x), TRF(bx) and TRF-2026 in and out (:mod:`.trf`)."""
