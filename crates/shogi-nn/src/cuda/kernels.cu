// The elementwise kernels of yomi-shogi-nn's CUDA forward, compiled at run time by NVRTC
// (no CUDA headers: plain C++ and the built-in thread indices only).
//
// Layouts (see mod.rs): boards are 9x9, square = row * 9 + column. Activations are
// "rows x channels" with row = sample * 81 + square (channels contiguous); the float input
// is the CHW encoding of features.rs, one 61 x 81 block per sample; a compact record is the
// 96 bytes of features::encode_compact. Every kernel is a grid-stride loop over its output.

#define GRID_STRIDE(i, total) \
    for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < (total); \
         i += (long long)gridDim.x * blockDim.x)

// The 61 x 81 floats of features::encode from compact records (features::compact_value).
extern "C" __global__ void yomi_expand(const unsigned char* __restrict__ compact,
                                       float* __restrict__ input, long long samples) {
    GRID_STRIDE(i, samples * 4941LL) {
        long long sample = i / 4941;
        int rest = (int)(i % 4941);
        int plane = rest / 81, square = rest % 81;
        int row = square / 9, column = square % 9;
        const unsigned char* c = compact + sample * 96;
        float v;
        if (plane < 28) v = (c[square] == plane + 1) ? 1.0f : 0.0f;
        else if (plane < 42) v = (float)c[81 + plane - 28];
        else if (plane < 51) v = (row == plane - 42) ? 1.0f : 0.0f;
        else if (plane < 60) v = (column == plane - 51) ? 1.0f : 0.0f;
        else v = 1.0f;
        input[i] = v;
    }
}

// im2col of a 3x3 convolution with zero padding: col[row][tap * channels + c], tap =
// ky * 3 + kx reading square (row + ky - 1, column + kx - 1) of the same sample. The
// source element (sample, c, square) is at sample * sample_stride + c * channel_stride +
// square * square_stride, so one kernel reads both the CHW input and the activations.
extern "C" __global__ void yomi_im2col(const float* __restrict__ src, float* __restrict__ col,
                                       long long rows, int channels, long long sample_stride,
                                       int channel_stride, int square_stride) {
    GRID_STRIDE(i, rows * 9LL * channels) {
        int c = (int)(i % channels);
        long long t = i / channels;
        int tap = (int)(t % 9);
        long long r = t / 9;
        long long sample = r / 81;
        int square = (int)(r % 81);
        int row = square / 9 + tap / 3 - 1;
        int column = square % 9 + tap % 3 - 1;
        float v = 0.0f;
        if (row >= 0 && row < 9 && column >= 0 && column < 9)
            v = src[sample * sample_stride + (long long)c * channel_stride +
                    (long long)(row * 9 + column) * square_stride];
        col[i] = v;
    }
}

// x = relu(x + bias[channel] (+ residual)), in place over rows x channels.
extern "C" __global__ void yomi_bias_residual_relu(float* __restrict__ x,
                                                   const float* __restrict__ bias,
                                                   const float* __restrict__ residual,
                                                   long long total, int channels,
                                                   int has_residual) {
    GRID_STRIDE(i, total) {
        float v = x[i] + bias[i % channels];
        if (has_residual) v += residual[i];
        x[i] = v > 0.0f ? v : 0.0f;
    }
}

// Training (train.rs): the backward pass's elementwise steps.

// d = 0 where the layer's output was clipped by its ReLU (out <= 0), in place.
extern "C" __global__ void yomi_relu_grad(float* __restrict__ d, const float* __restrict__ out,
                                          long long total) {
    GRID_STRIDE(i, total) {
        if (out[i] <= 0.0f) d[i] = 0.0f;
    }
}

// x += y over total floats (a residual sum's gradient reaching the group's input).
extern "C" __global__ void yomi_add(float* __restrict__ x, const float* __restrict__ y,
                                    long long total) {
    GRID_STRIDE(i, total) { x[i] += y[i]; }
}

// The adjoint of yomi_im2col on rows x channels activations, as a gather (no atomics, so
// the result is the same on every run): dx[row][c] sums dcol[centre][tap * channels + c]
// over the taps whose window centre reads this square, tap (ky, kx) of centre (r - ky + 1,
// f - kx + 1) reading square (r, f).
extern "C" __global__ void yomi_col2im(const float* __restrict__ dcol, float* __restrict__ dx,
                                       long long rows, int channels) {
    GRID_STRIDE(i, rows * (long long)channels) {
        int c = (int)(i % channels);
        long long r = i / channels;
        long long sample = r / 81;
        int square = (int)(r % 81);
        int row = square / 9, column = square % 9;
        float sum = 0.0f;
        for (int tap = 0; tap < 9; ++tap) {
            int cr = row - tap / 3 + 1, cc = column - tap % 3 + 1;
            if (cr >= 0 && cr < 9 && cc >= 0 && cc < 9)
                sum += dcol[((sample * 81 + cr * 9 + cc) * 9 + tap) * (long long)channels + c];
        }
        dx[i] = sum;
    }
}
