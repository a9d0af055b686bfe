// stockade-expect: vulnerable CWE-295
import axios from "axios";

process.env.NODE_TLS_REJECT_UNAUTHORIZED = "0";

export async function load(): Promise<unknown> {
  return (await axios.get("https://partner.example.com/feed")).data;
}
