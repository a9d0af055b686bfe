// stockade-expect: annotated
const Koa = require("koa");
const session = require("koa-session");
const cors = require("@koa/cors");
const items = require("./routes/items");

const app = new Koa();
// ruleid: javascript.session-hardcoded-secret
app.keys = ["catalog-secret-key-2021"];
// ok: javascript.session-hardcoded-secret
app.keys = [process.env.SESSION_KEY];

// ruleid: javascript.cookie-httponly-disabled
app.use(session({ key: "catalog.sess", httpOnly: false, signed: true }, app));

// ruleid: javascript.cors-permissive-credentials
app.use(cors({ origin: (ctx) => ctx.get("Origin"), credentials: true }));
// ok: javascript.cors-permissive-credentials
app.use(cors({ origin: "https://catalog.example.com", credentials: true }));

app.use(items.routes()).use(items.allowedMethods());
app.listen(Number(process.env.PORT) || 3000, "127.0.0.1");
