// stockade-expect: vulnerable CWE-943
const User = require("./models/user");

module.exports.find = async (req, res) => {
  const users = await User.find({ $where: "this.age > " + req.query.age });
  res.json(users);
};
