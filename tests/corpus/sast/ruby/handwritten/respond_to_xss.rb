# stockade-expect: vulnerable CWE-79
class CommentsController < ApplicationController
  def preview
    body = params[:comment][:body]
    respond_to do |format|
      format.html { render html: "<div class='preview'>#{body}</div>".html_safe }
      format.json { render json: { body: body } }
    end
  end
end
