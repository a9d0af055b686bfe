// stockade-expect: safe CWE-347
const jwt = require("jsonwebtoken");

function authenticate(req, res, next) {
  const token = req.headers.authorization.split(" ")[1];
  const payload = jwt.verify(token, process.env.JWT_SECRET, { algorithms: ["HS256"] });
  req.user = payload.sub;
  next();
}
module.exports = authenticate;
