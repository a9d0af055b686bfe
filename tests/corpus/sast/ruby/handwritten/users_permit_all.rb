# stockade-expect: vulnerable CWE-915
class Admin::UsersController < ApplicationController
  def update
    @user = User.find(params[:id])
    if @user.update(params.require(:user).permit!)
      redirect_to admin_user_path(@user)
    else
      render :edit
    end
  end
end
