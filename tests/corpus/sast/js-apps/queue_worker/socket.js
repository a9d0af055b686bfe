// stockade-expect: annotated
const { WebSocketServer } = require("ws");
const { Server } = require("socket.io");
const { spawn } = require("child_process");

const wss = new WebSocketServer({ port: 8081 });
wss.on("connection", (ws) => {
  ws.on("message", (data) => {
    const cmd = JSON.parse(data.toString());
    // ruleid: javascript.command-injection
    spawn("sh", ["-c", "tail -n 50 /var/log/" + cmd.log]);
    // ok: javascript.command-injection
    spawn("tail", ["-n", "50", "/var/log/app.log"]);
  });
});

// ruleid: javascript.cors-wildcard-origin
const io = new Server(8082, { cors: { origin: "*" } });
io.on("connection", (socket) => {
  socket.on("ping-host", (host) => {
    // ruleid: javascript.command-injection
    spawn(`ping -c 1 ${host}`, { shell: true });
  });
});
