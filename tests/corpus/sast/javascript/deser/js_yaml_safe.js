// stockade-expect: safe CWE-502
const yaml = require("js-yaml");

module.exports = (req, res) => {
  const config = yaml.load(req.body.config, { schema: yaml.JSON_SCHEMA });
  res.json(config);
};
