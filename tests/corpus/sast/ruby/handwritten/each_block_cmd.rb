# stockade-expect: vulnerable CWE-78
class BackupsController < ApplicationController
  def create
    dirs = params[:dirs].split(",")
    dirs.each do |dir|
      system("tar czf /backups/#{dir}.tgz #{dir}")
    end
    head :ok
  end
end
