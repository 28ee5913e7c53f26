"""The fork server: one process that imported torch once and forks a child per run.

    server   the long-lived process (python -m docs_runner.forkserver.server SOCKET)
    child    what runs in each forked child: the snippet or notebook cells, output to a file
    client   starts the server (once per process tree) and sends it jobs over its Unix socket

Protocol: a client connects once per job and sends one JSON line; the child itself answers {"pid": ...} as
it starts and {"pid": ..., "exit": ...} right before it exits (both from one process, so always in that
order), then the server sends {"pid": ..., "exit": ...} when it reaps it: the only answer if the child was
killed before it could speak. The protocol never touches the
server's stdout, so nothing the imports print can disturb it. Stdin EOF (the owner exited) stops the server.
"""
