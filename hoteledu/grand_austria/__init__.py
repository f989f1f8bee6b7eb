"""Grand Austria Hotel: dice drafting, guests, staff and the emperor.

This package stays light on import: the card data (:mod:`.cards`), the hotel
board (:mod:`.hotel`) and the rules are imported only where they are used.
"""
