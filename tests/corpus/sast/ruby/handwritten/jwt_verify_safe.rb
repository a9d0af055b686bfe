# stockade-expect: safe CWE-347
class ApiController < ActionController::API
  def current_user_id
    payload, _header = JWT.decode(request.headers["Authorization"].split.last, ENV.fetch("JWT_KEY"), true, algorithm: "HS256")
    payload["sub"]
  end
end
