# Teamlens in a container: the same single executable as the download, on a root file system of
# only the libraries it links (no base image to pull). Build: scripts/binary/build-image.sh
# (npm run build:binary first), which makes dist/image/rootfs and runs `docker build` or
# `podman build` with dist/image as the context. README, Docker, says what was tested.
FROM scratch
COPY rootfs/ /
USER 10001:10001
ENV DATA_DIR=/data HOST=0.0.0.0 PORT=3000
VOLUME /data
EXPOSE 3000
ENTRYPOINT ["/teamlens"]
CMD ["serve"]
