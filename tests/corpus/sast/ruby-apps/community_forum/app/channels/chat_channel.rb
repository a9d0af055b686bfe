# stockade-expect: annotated
class ChatChannel < ApplicationCable::Channel
  def subscribed
    stream_from "chat_#{params[:room]}"
  end

  def receive(data)
    # ruleid: ruby.sql-injection
    Message.connection.execute("INSERT INTO messages (room, body) VALUES ('#{params[:room]}', '#{data['body']}')")
    # ok: ruby.sql-injection
    Message.create!(room: params[:room], body: data["body"])
  end
end
