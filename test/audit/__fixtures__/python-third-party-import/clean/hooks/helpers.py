"""Shared helpers of the guard (a local module, found beside it)."""
try:
    import yaml
except ImportError:  # the user's python3 may not have PyYAML
    yaml = None


def rules() -> list:
    return yaml.safe_load("[rm -rf]") if yaml else ["rm -rf"]
