# stockade-expect: annotated
module Admin
  class UsersController < ApplicationController
    # ruleid: ruby.csrf-protection-disabled
    skip_before_action :verify_authenticity_token, only: :impersonate

    def index
      # ruleid: ruby.sql-injection
      @users = User.where("role = '" + params[:role].to_s + "'").order(:email)
    end

    def impersonate
      # ruleid: ruby.trust-boundary
      session[:impersonated_role] = params[:role]
      redirect_to root_path
    end

    def logs
      # ruleid: ruby.path-traversal-io
      @files = Dir.glob(File.join("log", params[:pattern]))
      # ruleid: ruby.path-traversal
      @content = File.read(File.join("log", params[:file]))
    end

    def user_params
      # ruleid: ruby.permit-dangerous-attributes
      params.require(:user).permit(:email, :name, :admin)
    end
  end
end
