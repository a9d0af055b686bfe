// stockade-expect: vulnerable CWE-347
const jwt = require("jsonwebtoken");

function authenticate(req, res, next) {
  const token = req.headers.authorization.split(" ")[1];
  const payload = jwt.decode(token);
  if (!payload) return res.sendStatus(401);
  req.user = payload.sub;
  next();
}
module.exports = authenticate;
