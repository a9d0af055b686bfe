// stockade-expect: vulnerable CWE-94
const vm = require("vm");

module.exports = function run(req, res) {
  const sandbox = { result: null };
  vm.runInNewContext(req.body.script, sandbox);
  res.send(String(sandbox.result));
};
