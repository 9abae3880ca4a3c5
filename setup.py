"""Put the top-level ``resources/`` and ``ui/`` folders into the wheel as package data.

They stay beside the package in the repository; a built wheel carries them as
``companion/_resources`` and ``companion/_ui``, found by ``companion.datafiles``.
Everything else is declared in ``pyproject.toml``.
"""

from setuptools import find_packages, setup

DATA_PACKAGES = {"companion._resources": "resources", "companion._ui": "ui"}

setup(
    packages=[*find_packages(include=["companion", "companion.*"]), *DATA_PACKAGES],
    package_dir=DATA_PACKAGES,
    package_data={name: ["**/*"] for name in DATA_PACKAGES},
)
