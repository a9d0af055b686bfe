# stockade-expect: annotated
require "json"
require "aws-sdk-s3"

module Exports
  class Handler
    def self.process(event:, context:)
      body = JSON.parse(event["body"] || "{}")
      key = body["key"]
      # ruleid: ruby.path-traversal
      File.write("/mnt/exports/#{key}", body["content"])
      # ok: ruby.path-traversal
      File.write("/mnt/exports/#{File.basename(key)}", body["content"])
      # ruleid: ruby.command-injection
      `gzip /mnt/exports/#{key}`
      { statusCode: 200, body: { ok: true }.to_json }
    end
  end
end
