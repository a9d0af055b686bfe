// stockade-expect: annotated
/** @type {import('next').NextConfig} */
module.exports = {
  reactStrictMode: true,
  images: {
    // ruleid: javascript.nextjs-dangerously-allow-svg
    dangerouslyAllowSVG: true,
    remotePatterns: [{ protocol: "https", hostname: "cdn.example.com" }],
  },
};
