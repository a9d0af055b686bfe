// stockade-expect: vulnerable CWE-943
const express = require("express");
const { MongoClient } = require("mongodb");

const app = express();
app.use(express.json());
const client = new MongoClient("mongodb://localhost:27017");

app.post("/login", async (req, res) => {
  const users = client.db("app").collection("users");
  const user = await users.findOne({ username: req.body.username, password: req.body.password });
  res.json({ ok: !!user });
});
