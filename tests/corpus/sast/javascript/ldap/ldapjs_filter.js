// stockade-expect: vulnerable CWE-90
const ldap = require("ldapjs");
const client = ldap.createClient({ url: "ldap://127.0.0.1:389" });

module.exports = (req, res) => {
  const filter = "(uid=" + req.query.user + ")";
  client.search("ou=people,dc=example,dc=com", { filter, scope: "sub" }, (err, r) => {
    res.sendStatus(err ? 500 : 200);
  });
};
