"""Gen-1 3v3 parties: battles, the random-battle dataset, ridge models and party search.

``Party`` reads the CLI's spec grammar (``Species:Move/Move/Move/Move;...``; names ignore
case, spaces and hyphens) under a rules profile (``cartridge`` or ``pokeai2017``);
``battle`` plays a seeded series as ``yomi party battle``; ``generate_dataset`` runs the
experiment of ``yomi party dataset`` and gives the feature matrix ``X`` (uint8, 435
columns) and target ``y``; ``ridge_fit`` is scikit-learn's ``RidgeCV`` (exact leave-one-out
penalty choice); ``fit_model`` and ``search`` are ``yomi party search``'s model and hill
climbing. Bad specs and options raise ``ValueError`` with the library's message.
"""

from yomi._yomi.party import *  # noqa: F401,F403
