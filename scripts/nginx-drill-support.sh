# Shared by scripts/deploy-smoke.sh and scripts/three-nodes-drill.sh (sourced, not run, after ROOT is set):
# Debian's nginx, a private instance with the shipped deploy/nginx.conf in front of loopback nodes, free
# ports and the run's own database.
# shellcheck shell=bash

free_port() { node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }

# admin_sql admin_url statement — one statement as the admin role (CREATE/DROP DATABASE), through pg.
admin_sql() {
  (cd "$ROOT" && node --input-type=module -e "import pg from 'pg'; const c = new pg.Client(process.argv[1]); await c.connect();
    await c.query(process.argv[2]); await c.end();" "$1" "$2")
}

# nginx_find_or_install — sets NGINX; installs nginx-light from Debian's packages when missing and it may
# (root or sudo). Returns 77 (the "skipped" code of the callers) when it cannot.
nginx_find_or_install() {
  NGINX=$(command -v nginx || echo /usr/sbin/nginx)
  [ -x "$NGINX" ] && return 0
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo -n"
  if command -v apt-get > /dev/null && { [ -z "$sudo" ] || sudo -n true 2> /dev/null; }; then
    echo "installing nginx-light from Debian's packages"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends nginx-light > /dev/null
  else
    echo "SKIP - nginx is not installed and cannot be installed here (apt-get install nginx-light)"
    return 77
  fi
}

# nginx_configure work_dir proxy_port source_root — writes work_dir/nginx/: deploy/nginx.conf listening on a
# loopback port instead of 80 (the only change to the shipped file), inside Debian's nginx.conf cut to
# what a run needs. The caller writes work_dir/nginx/skinfair-nodes.conf (its node ports).
nginx_configure() {
  local dir=$1/nginx
  mkdir -p "$dir/conf.d" "$dir/tmp"
  chmod 777 "$dir/tmp"
  sed "s/^    listen 80;/    listen 127.0.0.1:$2;/" "$3/deploy/nginx.conf" > "$dir/conf.d/skinfair.conf"
  cat > "$dir/nginx.conf" << CONF
worker_processes 1;
pid $dir/nginx.pid;
error_log $dir/error.log warn;
events { worker_connections 1024; }
http {
    access_log $dir/access.log;
    client_body_temp_path $dir/tmp/body;
    proxy_temp_path $dir/tmp/proxy;
    include conf.d/*.conf;
}
CONF
}

nginx_test() { "$NGINX" -q -t -p "$1/nginx/" -c "$1/nginx/nginx.conf"; }
nginx_start() { "$NGINX" -p "$1/nginx/" -c "$1/nginx/nginx.conf"; }
nginx_stop() { [ -f "$1/nginx/nginx.pid" ] && "$NGINX" -p "$1/nginx/" -c "$1/nginx/nginx.conf" -s stop 2> /dev/null; }
