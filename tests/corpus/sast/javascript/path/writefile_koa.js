// stockade-expect: vulnerable CWE-22
const fs = require("fs/promises");

module.exports = async function upload(ctx) {
  const { filename, content } = ctx.request.body;
  await fs.writeFile(`/srv/uploads/${filename}`, content);
  ctx.status = 201;
};
