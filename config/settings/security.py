"""Rate limits and the log-in lock-out (docs/security.md)."""

from datetime import timedelta

# Rates per scope ("N/s|m|h|d"): games/throttles.py DEFAULT_RATES, each overridable here.
CURSUS_THROTTLE_RATES: dict = {}

# django-axes (https://django-axes.readthedocs.io/): a log-in lock-out kept in the Redis
# cache. A lock-out names a user name *and* an address: an attacker who fails from his
# address locks that pair out, not the player, who still logs in from his own address;
# and every lock-out ends by itself after AXES_COOLOFF_TIME (none is for good). Spraying
# many names from one address is the "login" throttle's business (games/throttles.py).
AXES_HANDLER = "axes.handlers.cache.AxesCacheHandler"
AXES_CACHE = "default"
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "accounts.views.locked_out"
AXES_VERBOSE = False

# One invitation request names at most this many addresses; one inviter sends at most
# this many invitations in any 24 hours (accounts.services.invitation_send).
INVITATIONS_PER_REQUEST = 10
INVITATIONS_PER_DAY = 20
