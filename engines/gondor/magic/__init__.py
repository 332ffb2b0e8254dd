"""Magic (8.5, 17.0): the Magic Leader Phases A and E, the spell chart, casting and spells.

``phases`` runs the phases; ``chart`` reads the Magic Capabilities Chart, ``cast`` says who
may cast what now, ``effects`` resolves a cast and ends spells on time. What spells in force
change elsewhere is in ``engines/gondor/effects.py``; the Banner in ``engines/gondor/banner.py``.
"""
