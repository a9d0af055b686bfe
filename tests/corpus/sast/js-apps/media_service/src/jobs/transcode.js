// stockade-expect: annotated
const Queue = require("bull");
const { spawn, execFile, exec } = require("child_process");
const nodemailer = require("nodemailer");
const axios = require("axios");

const transcode = new Queue("transcode", process.env.REDIS_URL);
const mailer = nodemailer.createTransport({ host: "smtp.example.com", port: 587 });

transcode.process(async (job) => {
  const { input, format, notify, callbackUrl } = job.data;
  // ruleid: javascript.command-injection
  exec(`ffmpeg -i ${input} out.${format}`);
  // ok: javascript.command-injection
  execFile("ffmpeg", ["-i", input, `out.${format}`]);
  // ruleid: javascript.command-injection
  spawn("sh", ["-c", `ffprobe ${input}`]);
  // ok: javascript.command-injection
  spawn("ffprobe", [input]);
  // ruleid: javascript.ssrf
  await axios.post(callbackUrl, { done: true });
  await mailer.sendMail({
    from: "media@example.com",
    to: notify,
    subject: "Transcode finished",
    text: "Your file is ready.",
  });
});
