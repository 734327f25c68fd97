import type { Photo, Post, Video } from '../../../contract/upstream/types';
import { PhotoGrid } from './PhotoGrid';
import { VideoThumb } from './VideoThumb';

export function PostMedia({ media }: { media: Post['media'] }) {
  if (media.length === 0) return null;
  const photos = media.filter((item): item is Photo => item.kind === 'photo');
  const videos = media.filter((item): item is Video => item.kind === 'video');
  return (
    <>
      <PhotoGrid photos={photos} />
      {videos.map((video) => (
        <VideoThumb key={video.id} video={video} />
      ))}
    </>
  );
}
