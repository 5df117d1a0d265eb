"""The hub's edge: the Flask app, its pages and assets, the HTTP/Socket.IO transport and its guard."""
