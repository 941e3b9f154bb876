"""
Runs Debian's yt-dlp unmodified, with one network host name resolved to a local TLS front.

The TXXX extractor accepts only the network's host names over https, without a port, so the
test cannot simply point it at localhost. This wrapper patches name resolution for this
process only: HOST on any port resolves to 127.0.0.1:TLS_PORT. Everything else (the
extractor, its URL checks, the HTTP and TLS stack) is yt-dlp's own code.

Usage: python3 run-ytdlp.py HOST TLS_PORT [yt-dlp arguments...]
"""
import socket
import sys

host, port = sys.argv[1].lower(), int(sys.argv[2])
real_getaddrinfo = socket.getaddrinfo


def getaddrinfo(name, service, *args, **kwargs):
    if isinstance(name, (bytes, bytearray)):
        name = name.decode()
    if isinstance(name, str) and name.lower().rstrip('.') in (host, f'www.{host}'):
        return real_getaddrinfo('127.0.0.1', port, *args, **kwargs)
    return real_getaddrinfo(name, service, *args, **kwargs)


socket.getaddrinfo = getaddrinfo

import yt_dlp  # noqa: E402  (after the patch, so that every connection sees it)

sys.argv = ['yt-dlp', *sys.argv[3:]]
sys.exit(yt_dlp.main())
