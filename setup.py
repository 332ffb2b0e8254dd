"""Which packages the wheel holds; everything else is in pyproject.toml.

``data/`` stays a top-level folder of the repository and is shipped inside the package as
``engines/data`` (read through ``engines.resources.data_path``).
"""

from setuptools import find_namespace_packages, setup

setup(
    packages=[
        *find_namespace_packages(include=["ai*", "bot*", "engines*", "render*"]),
        *(f"engines.{name}" for name in find_namespace_packages(include=["data*"])),
    ],
    package_dir={"engines.data": "data"},
)
