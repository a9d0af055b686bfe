# stockade-expect: vulnerable CWE-347
class ApiController < ActionController::API
  def current_user_id
    payload, _header = JWT.decode(request.headers["Authorization"].split.last, nil, false)
    payload["sub"]
  end
end
