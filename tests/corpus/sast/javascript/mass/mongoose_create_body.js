// stockade-expect: vulnerable CWE-915
const User = require("./models/user");

exports.register = async (req, res) => {
  const user = await User.create(req.body);
  res.status(201).json({ id: user.id });
};
