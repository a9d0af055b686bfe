// stockade-expect: annotated
const express = require("express");
const session = require("express-session");
const cors = require("cors");
const helmet = require("helmet");
const products = require("./routes/products");
const account = require("./routes/account");

const app = express();
// ruleid: javascript.helmet-protection-disabled
app.use(helmet({ frameguard: false }));
// ruleid: javascript.cors-permissive-credentials
app.use(cors({ origin: true, credentials: true }));
app.use(
  session({
    secret: process.env.SESSION_SECRET,
    resave: false,
    saveUninitialized: false,
    // ruleid: javascript.cookie-secure-disabled
    cookie: { secure: false, httpOnly: true, sameSite: "lax" },
  }),
);
// ok: javascript.express-static-dotfiles
app.use(express.static("public", { dotfiles: "ignore", maxAge: "1d" }));
app.use("/products", products);
app.use("/account", account);

app.use((req, res, next) => {
  // ruleid: javascript.cors-reflected-origin
  res.setHeader("Access-Control-Allow-Origin", req.headers.origin || "*");
  next();
});

module.exports = app;
