// stockade-expect: safe CWE-943
const express = require("express");
const { MongoClient } = require("mongodb");

const app = express();
app.use(express.json());
const client = new MongoClient("mongodb://localhost:27017");

app.post("/login", async (req, res) => {
  const users = client.db("app").collection("users");
  const username = String(req.body.username);
  const password = String(req.body.password);
  const user = await users.findOne({ username: username, password: password });
  res.json({ ok: !!user });
});
