"""`peanutclub bench`: many rooms of six over real WebSockets, against the game server and against
a bare relay measured in the same run.

- `wsclient`: a light WebSocket client (an asyncio protocol, a few lines of framing) so that the
  load processes cost little next to the server they measure.
- `table`: what every game's bench table shares (`Plan`, `Stats`, `GameRoom`), knowing no game:
  a game's own bench module builds its clients on it.
- `load`: one load process: its share of the rooms, each playing whole games at a set bid rate.
- `relay`: the baseline, a minimal FastAPI WebSocket relay that echoes every frame to its room.
- `runner`: starts the servers, pins them and the load processes to cores, gathers the figures.
- `cli`: the `bench` command (and `loadtest`, its older name).
"""
