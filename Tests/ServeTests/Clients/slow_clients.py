"""Clients that connect to rss-serve and then send slowly, too much, or nothing, as an attacker or a broken network
would: prints what the server did as one JSON object for the Swift test to check.

Usage: slow_clients.py MODE HOST PORT [ARGS…]
  slowloris COUNT USER PASSWORD  COUNT connections each holding half a request head; then a normal signed-in
                                 request, timed; then, after the server's head timeout, how many were closed
  declared-body                  a request declaring a 100 MiB body and sending 10 bytes: the status, the time
                                 to answer, whether the connection was closed
  cap COUNT                      COUNT idle connections: how many the server closed within two seconds
  idle                           a whole request on a kept-alive connection, then nothing: when it was closed
  body                           a request's head declaring 100 bytes and 10 of them: when it was closed
Every wait is bounded (60 s at most); every socket is closed before exit.
"""
import base64
import http.client
import json
import resource
import select
import socket
import sys
import time

mode, host, port = sys.argv[1], sys.argv[2], int(sys.argv[3])
args = sys.argv[4:]
result = {}

soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 65536), hard))


def connect():
    s = socket.create_connection((host, port), timeout=10)
    s.setblocking(False)
    return s


def closed_by_server(s):
    """True when the server closed the connection (EOF or reset), False while it is open. (No select():
    it cannot watch descriptors above 1,023.)"""
    try:
        return s.recv(65536) == b""
    except BlockingIOError:
        return False
    except (ConnectionResetError, BrokenPipeError):
        return True


def wait_closed(s, limit):
    """Seconds until the server closed `s`, or None within `limit`."""
    start = time.monotonic()
    poller = select.poll()
    poller.register(s, select.POLLIN | select.POLLHUP | select.POLLERR)
    while time.monotonic() - start < limit:
        if poller.poll(200) and closed_by_server(s):
            return round(time.monotonic() - start, 2)
    return None


def normal_request(user, password):
    start = time.monotonic()
    conn = http.client.HTTPConnection(host, port, timeout=30)
    token = base64.b64encode(f"{user}:{password}".encode()).decode()
    conn.request("GET", "/v1/me", headers={"Authorization": "Basic " + token})
    response = conn.getresponse()
    response.read()
    conn.close()
    return response.status, (time.monotonic() - start) * 1000


if mode == "slowloris":
    count, user, password = int(args[0]), args[1], args[2]
    status, first_ms = normal_request(user, password)
    result["before_status"], result["before_ms"] = status, round(first_ms, 1)
    sockets = []
    for _ in range(count):
        try:
            s = socket.create_connection((host, port), timeout=10)
            s.sendall(b"GET /v1/me HTTP/1.1\r\nHost: x\r\nX-Slow: ")
            s.setblocking(False)
            sockets.append(s)
        except OSError as error:
            result.setdefault("connect_errors", str(error))
            break
    result["opened"] = len(sockets)
    time.sleep(0.5)
    result["open_after_half_a_second"] = sum(1 for s in sockets if not closed_by_server(s))
    status, ms = normal_request(user, password)
    result["normal_status"], result["normal_ms"] = status, round(ms, 1)
    deadline = time.monotonic() + 60
    open_ones = list(sockets)
    while open_ones and time.monotonic() < deadline:
        time.sleep(0.5)
        open_ones = [s for s in open_ones if not closed_by_server(s)]
    result["still_open_after_timeout"] = len(open_ones)
    result["seconds_until_all_closed"] = round(60 - max(0, deadline - time.monotonic()), 1)
    for s in sockets:
        s.close()
elif mode == "declared-body":
    s = socket.create_connection((host, port), timeout=10)
    start = time.monotonic()
    s.sendall(b"PUT /v1/entries HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
              b"Content-Length: 104857600\r\n\r\n{\"entry_i")
    s.settimeout(20)
    answer = b""
    try:
        while b"\r\n\r\n" not in answer:
            chunk = s.recv(4096)
            if not chunk:
                break
            answer += chunk
    except socket.timeout:
        pass
    result["status"] = int(answer[9:12]) if answer.startswith(b"HTTP/1.1 ") else 0
    result["answer_ms"] = round((time.monotonic() - start) * 1000, 1)
    s.setblocking(False)
    result["closed_within"] = wait_closed(s, 10)
    s.close()
elif mode == "cap":
    count = int(args[0])
    sockets = [connect() for _ in range(count)]
    time.sleep(2)
    result["opened"] = count
    result["closed_at_once"] = sum(1 for s in sockets if closed_by_server(s))
    for s in sockets:
        s.close()
elif mode == "idle":
    s = socket.create_connection((host, port), timeout=10)
    s.sendall(b"GET /v1/me HTTP/1.1\r\nHost: x\r\n\r\n")
    s.settimeout(10)
    answer = s.recv(65536)
    result["status"] = int(answer[9:12]) if answer.startswith(b"HTTP/1.1 ") else 0
    s.setblocking(False)
    result["closed_within"] = wait_closed(s, 60)
    s.close()
elif mode == "body":
    s = socket.create_connection((host, port), timeout=10)
    s.sendall(b"PUT /v1/entries HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n"
              b"{\"entry_id")
    s.setblocking(False)
    result["closed_within"] = wait_closed(s, 60)
    s.close()
else:
    sys.exit("unknown mode " + mode)
print(json.dumps(result))
