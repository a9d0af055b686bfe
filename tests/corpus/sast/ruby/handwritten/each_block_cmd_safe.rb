# stockade-expect: safe CWE-78
class BackupsController < ApplicationController
  def create
    dirs = params[:dirs].split(",")
    dirs.each do |dir|
      system("tar", "czf", "/backups/#{File.basename(dir)}.tgz", dir)
    end
    head :ok
  end
end
