"""Serving the apps with Voilà: a kernel websocket without Nagle's 40 ms stalls.

Tornado turns Nagle's algorithm back on for a kernel websocket once the
handshake is done, so when the kernel sends a reply in several small messages
(it always starts with a "busy" status) the rest waits for the browser's
delayed ACK: about 40 ms on Linux. A board click paid it on every move.
``voila NOTEBOOK`` followed by :data:`VOILA_NODELAY_OPTION` (or the same
setting in the ``voila.json`` of the directory Voilà starts in) sends every
message at once.

The same connection also gives the page its XSRF cookie. Voilà's page sends a
beacon to ``voila/api/shutdown/<kernel>`` when it closes or reloads, signed with
the page's ``_xsrf`` cookie; Voilà's page handler never sets that cookie, so
every beacon was refused (403 in the console at each reload) and the closed
page's kernel lived on until culled. The websocket handshake sets it.
"""

from __future__ import annotations

from typing import Any

VOILA_NODELAY_OPTION = (
    "--Voila.kernel_websocket_connection_class=hoteledu.apps.connection.NoDelayKernelConnection"
)
"""Voilà command-line option that serves the apps with TCP_NODELAY."""
JUPYTER_SERVER_NODELAY_OPTION = (
    "--ServerApp.kernel_websocket_connection_class=hoteledu.apps.connection.NoDelayKernelConnection"
)
"""The same for ``jupyter lab`` / ``jupyter notebook`` (jupyter_server's option)."""


def _no_delay_connection_class() -> type:
    # Imported only by a Voila server: the kernel and the tests need no jupyter_server.
    from jupyter_server.services.kernels.connection.channels import (
        ZMQChannelsWebsocketConnection,
    )

    class NoDelayKernelConnection(ZMQChannelsWebsocketConnection):
        """Jupyter's kernel websocket connection with TCP_NODELAY on its socket."""

        async def prepare(self) -> None:
            # Before the handshake's answer: reading the token sets the _xsrf cookie
            # (tornado) on it, so the page's shutdown beacon at unload is accepted.
            _ = self.websocket_handler.xsrf_token
            await super().prepare()

        def connect(self) -> Any:
            self.websocket_handler.set_nodelay(True)
            return super().connect()

    NoDelayKernelConnection.__module__ = __name__
    NoDelayKernelConnection.__qualname__ = "NoDelayKernelConnection"
    return NoDelayKernelConnection


def __getattr__(name: str) -> Any:
    """``NoDelayKernelConnection`` is built on first use (PEP 562), for Voilà's config."""
    if name == "NoDelayKernelConnection":
        cls = _no_delay_connection_class()
        globals()[name] = cls
        return cls
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["JUPYTER_SERVER_NODELAY_OPTION", "VOILA_NODELAY_OPTION"]
