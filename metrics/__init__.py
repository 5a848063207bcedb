"""What the bot measures about itself, for whoever runs it (Prometheus metrics). Every layer
above the games may record here; ``app/observatory.py`` serves it over HTTP."""
