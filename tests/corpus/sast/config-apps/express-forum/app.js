const express = require("express");
const { engine } = require("express-handlebars");
const expressLayouts = require("express-ejs-layouts");

const app = express();
app.engine("hbs", engine({ extname: ".hbs", defaultLayout: "main" }));
app.set("view engine", "ejs");
app.use(expressLayouts);
app.use(express.static("public"));

app.get("/threads/:id", async (req, res) => {
  const thread = await req.app.locals.db.thread(req.params.id);
  res.render("thread", { thread, user: req.user });
});

app.get("/users/:name", async (req, res) => {
  const profile = await req.app.locals.db.profile(req.params.name);
  res.render("profile.hbs", { profile });
});

module.exports = app;
