// stockade-expect: annotated
const ALLOWED_ORIGIN = "https://support.example.com";

window.addEventListener("message", (event) => {
  // ruleid: javascript.xss-dom
  document.getElementById("chat-log").innerHTML += event.data.text;
});

window.addEventListener("message", (event) => {
  if (event.origin !== ALLOWED_ORIGIN) return;
  const line = document.createElement("li");
  // ok: javascript.xss-dom
  line.textContent = event.data.text;
  document.getElementById("chat-log").appendChild(line);
});

window.addEventListener("message", function (e) {
  if (e.data.type === "eval") {
    // ruleid: javascript.code-injection
    new Function(e.data.code)();
  }
});

function notifyParent(status) {
  // ruleid: javascript.postmessage-wildcard-origin
  window.parent.postMessage({ status, token: sessionStorage.getItem("t") }, "*");
  // ok: javascript.postmessage-wildcard-origin
  window.parent.postMessage({ status }, ALLOWED_ORIGIN);
}

function openAgentProfile(url) {
  // ruleid: javascript.reverse-tabnabbing
  window.open(url, "_blank");
  // ok: javascript.reverse-tabnabbing
  window.open(url, "_blank", "noopener,noreferrer");
}

// ruleid: javascript.websocket-cleartext
const socket = new WebSocket("ws://chat.support.example.com/socket");
// ok: javascript.websocket-cleartext
const secureSocket = new WebSocket("wss://chat.support.example.com/socket");

notifyParent("ready");
openAgentProfile("https://support.example.com/agents/1");
socket.close();
secureSocket.close();
