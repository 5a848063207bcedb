"""Every text a person reads, in their language (issue 25).

``i18n.text`` is pure (the games may mark their texts with it); ``i18n.catalogue`` reads the
message catalogues (``locale/<language>/LC_MESSAGES/tidetable.po``) and says a text in a language.
Nothing is imported here, so that importing ``i18n.text`` reads no file.
"""
