"""What people and scripts read: text tables, explanations, JSON objects, exports, charts and
the evening's HTML sheet. Renderers return text and never print; each command imports only the
modules it shows."""
