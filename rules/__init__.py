"""Pure game rules: no Discord, no I/O, no clock. See rules/base.py for the contract."""
