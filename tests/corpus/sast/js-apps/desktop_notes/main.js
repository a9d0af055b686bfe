// stockade-expect: annotated
const { app, BrowserWindow, ipcMain, shell } = require("electron");
const { exec, execFile } = require("child_process");
const fs = require("fs");
const path = require("path");

function createWindow() {
  const win = new BrowserWindow({
    width: 1200,
    webPreferences: {
      preload: path.join(__dirname, "preload.js"),
      // ruleid: javascript.electron-context-isolation-disabled
      contextIsolation: false,
      // ok: javascript.electron-node-integration
      nodeIntegration: false,
    },
  });
  win.loadFile("index.html");
}

ipcMain.handle("notes:export", async (event, name, format) => {
  // ruleid: javascript.command-injection
  exec(`pandoc notes/${name}.md -o exports/${name}.${format}`);
  // ok: javascript.command-injection
  execFile("pandoc", [path.join("notes", `${path.basename(name)}.md`), "-o", "out.pdf"]);
});

ipcMain.handle("notes:read", async (event, file) => {
  // ruleid: javascript.path-traversal
  return fs.readFileSync(path.join(app.getPath("documents"), file), "utf8");
});

ipcMain.on("open-settings", () => {
  // ok: javascript.command-injection
  exec("open -a Settings");
});

app.whenReady().then(createWindow);
