# stockade-expect: annotated
require "json"
require "aws-sdk-s3"

def handler(event:, context:)
  key = event["queryStringParameters"]["key"]
  s3 = Aws::S3::Client.new
  # ruleid: ruby.path-traversal
  File.open("/tmp/#{key}", "wb") { |f| f.write(s3.get_object(bucket: "uploads", key: key).body.read) }
  # ok: ruby.path-traversal
  File.open("/tmp/#{SecureRandom.uuid}", "wb") { |f| f.write(s3.get_object(bucket: "uploads", key: key).body.read) }
  # ruleid: ruby.command-injection
  `file --mime-type /tmp/#{key}`
  # ok: ruby.command-injection
  Open3.capture2("file", "--mime-type", "/tmp/#{File.basename(key)}")
  { statusCode: 200, body: JSON.generate(ok: true) }
end

def sqs_handler(event:, context:)
  event["Records"].each do |record|
    body = JSON.parse(record["body"])
    # ruleid: ruby.ssrf
    Net::HTTP.get(URI(body["callback"]))
    # ok: ruby.ssrf
    Net::HTTP.get(URI("https://status.example.com/#{body['id'].to_i}"))
  end
end
