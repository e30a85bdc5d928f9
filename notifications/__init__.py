"""Notifications: renders and delivers what ``games`` emits (an outbox row per delivery,
with status and retries). Never decides game logic. Imports ``games``; ``games`` never
imports this app: it sends signals (``games.signals``) that this app receives."""
